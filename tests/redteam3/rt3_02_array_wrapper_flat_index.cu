// A std::array-like wrapper with operator[] that hands back the element of
// a flat view of the row (`(&v[0])[i]`): indices past N run into the next
// wrapper of the shared array, so a padded element type changes them.
// launch: rt3_02_array_wrapper_flat_index 2 32x8
template <typename T, int N>
struct Array {
    T v[N];
    __device__ T &operator[](int i) { return (&v[0])[i]; }
    __device__ const T &operator[](int i) const { return (&v[0])[i]; }
};
__global__ void rt3_02_array_wrapper_flat_index(const int *in, int *out, int p) {
    __shared__ Array<int, 32> rows[16];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    rows[ty][tx] = in[blockIdx.x * 512 + tid] & 4095;
    rows[ty + 8][tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = rows[ty][tx + 32] + 2 * rows[tx % 16][ty];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_02_array_wrapper_flat_index<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
