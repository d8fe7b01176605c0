// A dynamic buffer viewed as rows of 33 floats, float (*t)[33], the pad
// written by hand, then a flat read of the buffer through the first view.
// launch: rt2_92_dynamic_as_2d_rows 2 32x8 0 0 smem=4224
__global__ void rt2_92_dynamic_as_2d_rows(const int *in, int *out, int p) {
    extern __shared__ float dyn[];
    float (*t)[33] = reinterpret_cast<float (*)[33]>(dyn);
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        t[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    if (ty == 0) t[tx][32] = -(float)tx;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = __float_as_int(t[tx][ty] + dyn[(tid * 11) % 1056]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_92_dynamic_as_2d_rows<<<2, dim3(32, 8), 32 * 33 * sizeof(float)>>>(in, out, 0); }
#endif
