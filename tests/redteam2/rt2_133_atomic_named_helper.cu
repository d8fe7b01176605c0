// A helper of the program whose name starts with "atomic" but which is no
// atomic: atomicAddColumn(&tile[r][c], v, n) adds v down n rows of the
// declared layout from that element.
// launch: rt2_133_atomic_named_helper 2 32x8
__device__ void atomicAddColumn(float *p, float v, int n) {
    for (int i = 0; i < n; ++i) atomicAdd(p + i * 32, v);
}
__global__ void rt2_133_atomic_named_helper(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    if (ty == 0) atomicAddColumn(&tile[0][tx], (float)tx, 4);
    __syncthreads();
    out[blockIdx.x * 256 + tid] = __float_as_int(tile[tx][ty] + tile[ty][tx]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_133_atomic_named_helper<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
