// The dynamic buffer viewed as a 2-D tile through a pointer to rows:
// float (*tile)[33] = reinterpret_cast<float (*)[33]>(smem), walked as
// tile[ty][tx] and read back flat (smem[i]) from another thread.
// launch: rt4_42_extern_2d 2 32x8 0 0 smem=4224
__global__ void rt4_42_extern_2d(const int *in, int *out, int p) {
    extern __shared__ float smem[];
    float (*tile)[33] = reinterpret_cast<float (*)[33]>(smem);
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int r = ty; r < 32; r += 8) tile[r][tx] = (float)(in[(blockIdx.x * 1024 + r * 32 + tx) & 4095] & 255);
    if (tx < 8) tile[ty + tx * 4][32] = 0.5f;
    __syncthreads();
    float acc = 0.0f;
    for (int r = ty; r < 32; r += 8) acc += tile[tx][r];
    acc += smem[(tid * 5) % (32 * 33)];
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_42_extern_2d<<<2, dim3(32, 8), 32 * 33 * sizeof(float)>>>(in, out, 0); }
#endif
