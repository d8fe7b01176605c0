// In-place transpose with a device swap that takes references to two
// elements: legal (each pair is swapped by one thread).
// launch: rt2_45_swap_transpose_in_place 2 32x8
template <typename T>
__device__ void swap_ref(T &a, T &b) { T t = a; a = b; b = t; }
__global__ void rt2_45_swap_transpose_in_place(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8)
        tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 8191;
    __syncthreads();
    for (int j = ty; j < 32; j += 8)
        if (tx > j) swap_ref(tile[j][tx], tile[tx][j]);
    __syncthreads();
    for (int j = ty; j < 32; j += 8)
        out[blockIdx.x * 1024 + j * 32 + tx] = tile[j][tx];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_45_swap_transpose_in_place<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
