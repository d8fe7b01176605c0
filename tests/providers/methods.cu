// SHOC's form: a method per specialisation, the primary template returns null;
// and a plain device function returning the extern array.
template <class T> struct SharedMem {
    __device__ T *getPointer() { extern __device__ void error(void); error(); return 0; }
};
template <> struct SharedMem<float> {
    __device__ float *getPointer() { extern __shared__ float s_float[]; return s_float; }
};
template <> struct SharedMem<double> {
    __device__ double *getPointer() { extern __shared__ double s_double[]; return s_double; }
};
__device__ float *dynamic_floats() { extern __shared__ float raw[]; return raw; }

extern "C" __global__ void by_method(const float *in, float *out)
{
#pragma rapcc block_dim(256, 1, 1)
    SharedMem<float> shobj;
    float *sh = shobj.getPointer();
    sh[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = sh[(threadIdx.x * 32) % 256];
}

extern "C" __global__ void by_function(const float *in, float *out)
{
#pragma rapcc block_dim(256, 1, 1)
    float *s = dynamic_floats();
    s[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[(threadIdx.x * 32) % 256];
}

extern "C" __global__ void two_views(const float *in, float *out)
{
#pragma rapcc block_dim(256, 1, 1)
    float *a = dynamic_floats();
    SharedMem<float> shobj;
    float *b = shobj.getPointer();  // the same memory as 'a'
    a[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = b[(threadIdx.x * 32) % 256];
}
