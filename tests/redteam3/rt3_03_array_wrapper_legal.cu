// The same array wrapper, indexed in range only: rows[ty][tx] written,
// rows[tx][j] read (a column walk through operator[]).
// launch: rt3_03_array_wrapper_legal 2 32x8
// Kept by rapcc for a true reason: operator[] binds an element of 'rows' to a
// reference inside a method rapcc does not follow, so its uses are not all read.
template <typename T, int N>
struct Array {
    T v[N];
    __device__ T &operator[](int i) { return v[i]; }
};
static __global__ void rt3_03_array_wrapper_legal(const int *in, int *out, int p) {
    __shared__ Array<int, 32> rows[32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8) rows[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 4095;
    __syncthreads();
    for (int j = ty; j < 32; j += 8) out[blockIdx.x * 1024 + j * 32 + tx] = rows[tx][j];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_03_array_wrapper_legal<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
